"""The sidecar: the HTTP edge (app, routes, stream, guards, state, operating) around the answering core, `answer/`."""
