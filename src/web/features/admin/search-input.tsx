import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '#web/components/ui/input.tsx';

/** A search box that reports its text a moment after typing stops. */
export function SearchInput({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="relative w-full max-w-sm">
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-500" aria-hidden="true" />
      <Input aria-label={label} placeholder={label} value={text} onChange={(event) => setText(event.target.value)} className="ps-9" />
    </div>
  );
}
