"""Thin discord.py adapters: interaction -> bot.tables call -> reply. One module per command group.

Modules whose name starts with ``_`` are shared helpers, not extensions.
"""
