"""The MkDocs plugin (entry point `docent`) and the panel's browser assets."""
