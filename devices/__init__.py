"""Cabin devices: DBC database, ECU twins, serial rig protocol, actuator interface."""
