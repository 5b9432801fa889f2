import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * An on/off switch. The track is drawn by ::before; the button around it is
 * 44 px tall on a phone, where a finger presses it (issue 51), and the track's
 * own size on wider screens.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'group relative inline-flex h-11 w-11 shrink-0 cursor-pointer items-center rounded-full sm:h-6',
        'before:absolute before:inset-x-0 before:top-1/2 before:h-6 before:-translate-y-1/2 before:rounded-full before:border before:border-border before:bg-zinc-700 before:transition-colors',
        'data-[state=checked]:before:border-primary data-[state=checked]:before:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="relative block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.3rem] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[1.3rem]" />
    </SwitchPrimitive.Root>
  );
}
