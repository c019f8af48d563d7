// scripts/authEmulatorPreload.mjs exports nothing: importing it patches the Auth emulator.
export {};
