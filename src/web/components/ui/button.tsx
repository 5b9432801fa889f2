import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-xl text-sm font-semibold transition-all disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        primary:
          'bg-gradient-to-r from-primary to-secondary text-white shadow-lg shadow-primary/25 hover:shadow-primary/40 hover:brightness-110',
        solid: 'bg-primary text-white hover:bg-primary-strong',
        outline: 'border border-border bg-surface/60 text-zinc-100 hover:bg-surface-raised hover:border-primary/50',
        ghost: 'text-zinc-300 hover:bg-white/5 hover:text-white',
        // red-600 under white text: 4.8:1, readable (the lighter danger colour stays for borders and tints).
        danger: 'bg-red-600 text-white hover:bg-red-700',
      },
      size: {
        // 44 px tall on a phone, where a finger presses it (issue 51); compact beside text on wider screens.
        sm: 'h-11 px-3 sm:h-9',
        md: 'h-11 px-5',
        lg: 'h-12 px-7 text-base',
        icon: 'size-11 sm:size-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
