/** Two letters standing for an entry in the collapsed menu ("Alerts & Automations" → "AA"). */
function candidates(label: string): string[] {
  const words = label.split(/[\s&/-]+/).filter(Boolean);
  const first = words.length > 1 ? words[0][0] + words[1][0] : label.slice(0, 2);
  const letters = [...label.slice(1)].filter((char) => /\p{L}|\p{N}/u.test(char));
  return [first, ...letters.map((letter) => label[0] + letter)].map((text) => text.toUpperCase());
}

/**
 * Marks for the collapsed menu, unique across the menu: an entry whose usual mark is taken (Resources after
 * Reports) takes its first letter with a later one ("RS"), so no two marks read the same.
 */
export function abbreviations(labels: string[]): Map<string, string> {
  const used = new Set<string>();
  const marks = new Map<string, string>();
  for (const label of labels) {
    const options = candidates(label);
    const mark = options.find((option) => !used.has(option)) ?? options[0];
    used.add(mark);
    marks.set(label, mark);
  }
  return marks;
}
