// Where the children's lines go: the terminal with a (coloured, when it is a TTY) name prefix, or a file.
import fs from 'node:fs';

const COLOURS = [36, 33, 32, 35, 34, 96, 93, 92, 95, 94, 91];

export function consoleLog({ stream = process.stdout, color = stream.isTTY && !process.env.NO_COLOR } = {}) {
  const colourOf = new Map();
  let width = 13; // the longest name in the topology (mf_contribute), so columns line up from the start
  return (name, line) => {
    width = Math.max(width, name.length);
    if (!colourOf.has(name)) colourOf.set(name, COLOURS[colourOf.size % COLOURS.length]);
    const label = name.padEnd(width);
    const prefix = color ? `\x1b[${colourOf.get(name)}m${label} |\x1b[0m` : `${label} |`;
    stream.write(`${prefix} ${line}\n`);
  };
}

export function fileLog(path) {
  const out = fs.createWriteStream(path, { flags: 'a' });
  const log = (name, line) => out.write(`${new Date().toISOString()} ${name} | ${line}\n`);
  log.close = () => new Promise((resolve) => out.end(resolve));
  return log;
}
