"""maniacal: rules catalogue only (hench/maniacal/rules.toml); the engine is not built yet."""
