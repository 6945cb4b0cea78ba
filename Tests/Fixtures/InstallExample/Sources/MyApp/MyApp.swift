// An app target for README's install snippet; never built.
