"""Docent: a guide for static MkDocs sites that answers from the site's own record and shows what it says.

Each sub-package is one stage, data flowing one way: `schema` (the bundle's nouns, shared), `plugins` (the MkDocs
plugin and the panel's browser files), `manifest_build` (the rendered pages read into the bundle) and `sidecar`
(the service that answers from it). `cli` is the `docent` command, above them all.
"""
