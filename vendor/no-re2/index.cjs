// See package.json: re2 is left out on purpose; its users fall back when it cannot be loaded.
throw new Error('re2 is left out of this project (vendor/no-re2): the Hosting emulator is not used');
