import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** One thumb; `aria-label` names the thumb, which is what a screen reader announces. */
export function Slider({ className, 'aria-label': label, ...props }: ComponentProps<typeof SliderPrimitive.Root>) {
  return (
    <SliderPrimitive.Root className={cn('relative flex h-6 w-full touch-none select-none items-center', className)} {...props}>
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-zinc-700">
        <SliderPrimitive.Range className="absolute h-full bg-gradient-to-r from-primary to-secondary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={label}
        className="block size-5 cursor-grab rounded-full border-2 border-primary bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      />
    </SliderPrimitive.Root>
  );
}
