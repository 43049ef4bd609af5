"""hemloch: rules catalogue only (hench/hemloch/rules.toml); the engine is not built yet."""
