"""The core components, one module each; every function returns drawings or pieces."""
