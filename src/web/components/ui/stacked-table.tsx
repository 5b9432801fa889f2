import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * A table on a desktop, one card per row on a phone (`.stacked-table` in
 * styles.css). Its wrapper scrolls when a wide table meets a narrow desktop
 * window, and is focusable so a keyboard can scroll it. The roles are written
 * out because a table whose display changes loses them in some browsers.
 */
interface StackedTableProps {
  label: string;
  head: readonly string[];
  /** The last column holds the row's buttons, set at the right on a desktop. */
  actions?: boolean;
  children: ReactNode;
}

export function StackedTable({ label, head, actions, children }: StackedTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border" tabIndex={0} role="region" aria-label={label}>
      <table role="table" className="stacked-table w-full text-start text-sm md:min-w-[720px]">
        <thead role="rowgroup" className="bg-surface-raised/60 text-xs uppercase tracking-wider text-muted max-md:sr-only">
          <tr role="row">
            {head.map((name, index) => (
              <th
                key={name}
                role="columnheader"
                scope="col"
                className={cn('px-4 py-3', actions && index === head.length - 1 && 'text-end')}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

export function StackedRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr role="row" className={cn('border-t border-border first:border-t-0 md:first:border-t', className)} {...props} />;
}

/** A cell; `label` is its column's name, shown beside it on a phone. Leave it out for a cell that speaks for itself. */
export function StackedCell({ label, className, ...props }: ComponentProps<'td'> & { label?: string }) {
  return <td role="cell" data-label={label} className={cn('px-4 py-3', className)} {...props} />;
}

/** The row that says the table is empty. */
export function StackedEmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr role="row">
      <td role="cell" colSpan={columns} className="px-4 py-10 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}
