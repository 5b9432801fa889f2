/** A form's one error, above its fields, read out when it appears; nothing when there is none. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-red-300">
      {message}
    </p>
  );
}
