// Which of a game's events a seat hears: each game names its events that are a win for the
// seat ("won": a trick or a fight it took, a round that raised its respect) and those that
// turn something face up ("reveal"). An event is the state message's: its kind and its data.
const CUES = {
  gangsta(event, seat) {
    if (event.kind === "trick-won") return event.data.seat === seat ? "won" : null;
    if (event.kind === "opened" || event.kind === "raid") return "reveal";
    return null;
  },
  cosca(event, seat) {
    if (event.kind === "fight") return event.data.winner === seat && seat !== null ? "won" : null;
    if (event.kind === "dice-revealed") return "reveal";
    return null;
  },
  capo(event, seat) {
    if (event.kind === "scored") return seat !== null && (event.data.change || [])[seat] > 0 ? "won" : null;
    if (event.kind === "turned-up" || event.kind === "reveal") return "reveal";
    return null;
  },
};

// The cue a seat hears for one event of `game` (null: none).
export function cueFor(game, event, seat) {
  const rule = CUES[game];
  return rule ? rule(event, seat) : null;
}
