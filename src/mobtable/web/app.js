// The router: lobby at /, a table at /t/<id>, a replay at /replay/<id>, your tables at /yours.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showYourTables } from "./yours.js";

const root = document.getElementById("app");
const path = location.pathname;
let match;
if ((match = path.match(/^\/t\/([A-Za-z0-9_-]{1,32})$/))) showTable(root, match[1]);
else if ((match = path.match(/^\/replay\/([A-Za-z0-9_-]{1,32})$/))) showReplay(root, match[1]);
else if (path === "/yours") showYourTables(root);
else showLobby(root);
