"""Helpers shared by the Streamlit pages: cached engine, settings, status. No business logic."""
