import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-border bg-surface/80 p-6 backdrop-blur', className)} {...props} />;
}
