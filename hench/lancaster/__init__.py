"""lancaster: rules catalogue only (hench/lancaster/rules.toml); the engine is not built yet."""
