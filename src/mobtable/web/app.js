// The router: lobby at /, a table at /t/<id>, a replay at /replay/<id>.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const root = document.getElementById("app");
const path = location.pathname;
let match;
if ((match = path.match(/^\/t\/([A-Za-z0-9_-]{1,32})$/))) showTable(root, match[1]);
else if ((match = path.match(/^\/replay\/([A-Za-z0-9_-]{1,32})$/))) showReplay(root, match[1]);
else showLobby(root);
