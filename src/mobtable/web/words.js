// Small helpers for words shown to people.

// "a, b and c": names in a sentence.
export function listing(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}

// "1st", "2nd", "3rd", "4th": a place at the table, in the order of play.
export function ordinal(n) {
  const tail = n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th";
  return `${n}${tail}`;
}

// What a web board says of card data we reconstructed (the rulebooks do not print every
// card): a player reads what it means and who can change it, never a command line.
export const RECONSTRUCTED = "our reconstruction, since the rulebook does not print every card: "
  + "the real deck may differ, and whoever runs this server can load the real deck's data";
