/**
 * A refusal in plain words, with its technical detail (status, code, field paths, the validator's own
 * text) one click away in a native disclosure: keyboard and screen-reader friendly without script.
 */
export function ErrorWithDetails({ message, details }: { message: string; details: string[] }) {
  return (
    <>
      <p>{message}</p>
      {details.length > 0 && (
        <details className="mt-1 text-xs">
          <summary className="w-fit cursor-pointer underline underline-offset-2">Details</summary>
          <ul className="mt-1 space-y-0.5 font-mono break-all">
            {details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
