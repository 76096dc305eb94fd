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
