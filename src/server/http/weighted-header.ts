/** One value of a comma-separated header with weights (Accept, Accept-Encoding), lower-cased. */
export interface WeightedValue {
  value: string;
  /** The `q` parameter, 1 when absent; NaN when it is not a number (each caller decides what that means). */
  q: number;
}

/** The values of an Accept-style header (RFC 9110 12.4.2) in their order, empty ones left out. */
export function weightedValues(header: string | undefined): WeightedValue[] {
  if (!header) return [];
  return header.split(',').flatMap((part) => {
    const [value = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!value) return [];
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return [{ value, q: q === undefined ? 1 : Number(q.slice(2)) }];
  });
}
