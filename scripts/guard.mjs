import { spawn } from 'node:child_process';

/*
 * Runs a command and stops it when this guard's stdin closes, i.e. when the process that
 * started the local stack dies, even by kill -9: a test runner that crashes leaves no server
 * behind. SIGTERM and SIGINT are passed on; the guard exits with the command's code.
 */
const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const stop = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
process.stdin.on('end', () => stop('SIGTERM'));
process.stdin.on('error', () => stop('SIGTERM'));
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
