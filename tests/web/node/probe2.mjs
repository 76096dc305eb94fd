import { goldens, draw, readable, role } from "./board.mjs";
const [file, seat] = process.argv.slice(2);
const g = goldens().find((x) => x.file === file);
const e = g.seats.find((s) => String(s.seat) === seat);
const { root } = await draw(g, e);
console.log(readable(root).replace(/\n\s*\n/g, "\n"));
console.log("---- hand:", role(root, "hand"));
