"""Oracle text → ASP facts."""
