// Clocks in words, short and long (a turn-based table gives hours or days per move).

// The time left on a clock: "4:05 left" under an hour, "2 h 5 min left", "3 days left".
export function timeLeft(deadline) {
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  if (left < 3600) return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
  if (left >= 2 * 86400) return `${Math.floor(left / 86400)} days left`;
  return `${Math.floor(left / 3600)} h ${Math.floor((left % 3600) / 60)} min left`;
}

// A clock in words: "1 day per move", "12 hours per move", "30 s per move".
export function clockWords(seconds) {
  if (seconds % 86400 === 0) return `${seconds / 86400} day${seconds === 86400 ? "" : "s"} per move`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? "" : "s"} per move`;
  if (seconds % 60 === 0 && seconds >= 120) return `${seconds / 60} minutes per move`;
  return `${seconds} s per move`;
}
