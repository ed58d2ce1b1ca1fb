"""Rendered HTML plus config in, a Manifest out; then tools, the cached prompt and the bundle. No MkDocs import."""
