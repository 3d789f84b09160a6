// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageAction } from '../../engine/pages/types';
import { ActionMenu } from './ActionMenu';

const actions: PageAction[] = [
  { key: 'move', label: 'Move to company', form: 'move-devices' },
  { key: 'tag', label: 'Assign tag', form: 'assign-tag' },
  { key: 'delete', label: 'Delete', form: 'delete-device', tone: 'danger' },
];

afterEach(cleanup);

describe('ActionMenu', () => {
  const button = () => screen.getByRole('button', { name: 'More actions' });
  const item = (name: string) => screen.getByRole('menuitem', { name });

  it('opens on the first item, moves with the arrows (wrapping), closes on Escape with focus back', () => {
    render(<ActionMenu actions={actions} onRun={() => undefined} />);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(item('Move to company'));
    fireEvent.keyDown(item('Move to company'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Assign tag'));
    fireEvent.keyDown(item('Assign tag'), { key: 'End' });
    expect(document.activeElement).toBe(item('Delete'));
    fireEvent.keyDown(item('Delete'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Move to company'));
    fireEvent.keyDown(item('Move to company'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('opens on the last item with ArrowUp, and runs the chosen action once, closing', () => {
    const onRun = vi.fn();
    render(<ActionMenu actions={actions} onRun={onRun} />);
    fireEvent.keyDown(button(), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(item('Delete'));
    fireEvent.click(item('Assign tag'));
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(onRun).toHaveBeenCalledWith(actions[1]);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a pointer outside, and stays shut when disabled', () => {
    render(
      <>
        <ActionMenu actions={actions} onRun={() => undefined} />
        <p>Outside</p>
      </>,
    );
    fireEvent.click(button());
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
    cleanup();
    render(<ActionMenu actions={actions} onRun={() => undefined} disabled />);
    expect((button() as HTMLButtonElement).disabled).toBe(true);
  });
});
