// AppKit adapter: see NSTableViewAdapter.swift
