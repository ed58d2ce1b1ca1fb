"""The model port and its adapters, one module each."""
