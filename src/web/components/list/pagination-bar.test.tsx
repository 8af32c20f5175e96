import '@/test/dom-polyfills';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaginationBar } from '@/components/list/pagination-bar';

const props = { pageSize: 25, total: 117, onPageChange: vi.fn(), onPageSizeChange: vi.fn() };

describe('PaginationBar', () => {
  it('shows the range and total, and moves between pages', async () => {
    const onPageChange = vi.fn();
    render(<PaginationBar {...props} page={2} shown={25} onPageChange={onPageChange} />);
    expect(screen.getByText('Showing 26–50 of 117')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('disables going back on the first page and forward on the last', () => {
    render(<PaginationBar {...props} page={5} shown={17} />);
    expect(screen.getByText('Showing 101–117 of 117')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('keeps a page button focusable while the next page loads, ignoring presses', async () => {
    const onPageChange = vi.fn();
    render(<PaginationBar {...props} page={2} shown={25} disabled onPageChange={onPageChange} />);
    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).not.toHaveAttribute('disabled');
    await userEvent.keyboard('{Enter}');
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('moves focus to Previous when Next turns disabled on reaching the last page', () => {
    const { rerender } = render(<PaginationBar {...props} page={4} shown={25} />);
    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    rerender(<PaginationBar {...props} page={5} shown={17} />);
    expect(next).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveFocus();
  });

  it('moves focus to Next when First turns disabled, and to the page size when every button is off', () => {
    const { rerender } = render(<PaginationBar {...props} page={3} shown={25} />);
    screen.getByRole('button', { name: 'First page' }).focus();
    rerender(<PaginationBar {...props} page={1} shown={25} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveFocus();
    rerender(<PaginationBar {...props} total={20} page={1} shown={20} />);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveFocus();
  });

  it('goes to the last page when the page is past the end', () => {
    const onPageChange = vi.fn();
    render(<PaginationBar {...props} page={9} shown={0} onPageChange={onPageChange} />);
    expect(onPageChange).toHaveBeenCalledWith(5);
  });

  it('reads next and previous by cursor, and jumps by page number', async () => {
    const onPageChange = vi.fn();
    const onCursorPage = vi.fn();
    const links = { nextCursor: 'next-c', previousCursor: 'prev-c' };
    render(
      <PaginationBar
        {...props}
        page={3}
        shown={25}
        links={links}
        onPageChange={onPageChange}
        onCursorPage={onCursorPage}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onCursorPage).toHaveBeenLastCalledWith(4, 'next-c');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onCursorPage).toHaveBeenLastCalledWith(2, 'prev-c');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    expect(onPageChange).toHaveBeenCalledTimes(1);
  });

  it('says "about" for an estimated total, and never sends a page past an estimate back', () => {
    const onPageChange = vi.fn();
    render(
      <PaginationBar
        {...props}
        total={200_000}
        page={8_001}
        shown={25}
        links={{ totalIsEstimate: true, nextCursor: 'n' }}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByText('Showing 200,001–200,025 of about 200,000')).toBeInTheDocument();
    expect(screen.getByText('Page 8,001 of about 8,001')).toBeInTheDocument();
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('offers the contract page sizes', async () => {
    const onPageSizeChange = vi.fn();
    render(<PaginationBar {...props} page={1} shown={25} onPageSizeChange={onPageSizeChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['10 per page', '25 per page', '50 per page', '100 per page']);
    await userEvent.click(screen.getByRole('option', { name: '50 per page' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });
});
