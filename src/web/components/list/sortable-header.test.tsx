import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SortableHeader } from '@/components/list/sortable-header';
import { Table, TableHeader, TableRow } from '@/components/ui/table';

const renderHeader = (sort: 'name' | '-name' | 'createdAt', onSort = vi.fn()) => {
  render(
    <Table>
      <TableHeader>
        <TableRow>
          <SortableHeader field="name" sort={sort} onSort={onSort}>
            Name
          </SortableHeader>
        </TableRow>
      </TableHeader>
    </Table>,
  );
  return onSort;
};

describe('SortableHeader', () => {
  it('announces its direction with aria-sort', () => {
    renderHeader('-name');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts ascending first, then descending, from the keyboard', async () => {
    const user = userEvent.setup();
    const onSort = renderHeader('createdAt');
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'none');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('name');
  });

  it('flips an ascending sort to descending', async () => {
    const onSort = renderHeader('name');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith('-name');
  });
});
