// The router: lobby at /, a table at /t/<id>, a replay at /replay/<id>, your tables at /yours,
// the account at /account, a profile at /u/<name>, a game's leaderboard at /leaderboard/<game>.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showYourTables } from "./yours.js";
import { accountBar, showAccount } from "./account.js";
import { showLeaderboard, showProfile } from "./profile.js";

const root = document.getElementById("app");
const path = location.pathname;
let match;
if ((match = path.match(/^\/t\/([A-Za-z0-9_-]{1,32})$/))) showTable(root, match[1]);
else if ((match = path.match(/^\/replay\/([A-Za-z0-9_-]{1,32})$/))) showReplay(root, match[1]);
else if (path === "/yours") showYourTables(root);
else if (path === "/account") showAccount(root);
else if ((match = path.match(/^\/u\/([^/]{1,100})$/))) showProfile(root, decodeURIComponent(match[1]));
else if ((match = path.match(/^\/leaderboard\/([a-z0-9-]{1,40})$/))) showLeaderboard(root, match[1]);
else showLobby(root);
accountBar(document.querySelector("header.top"));
