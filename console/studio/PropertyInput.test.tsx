// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMessages } from '../../engine/i18n/i18n';
import { fieldPropertyGroups } from '../../engine/studio/properties';
import { PropertyInput } from './PropertyInput';

// A property's meta-schema title is its label, in the studio's language; the permission property is a choice
// of the permissions there are.

afterEach(() => {
  cleanup();
  setMessages('en', {});
});

const { main, more } = fieldPropertyGroups({ type: 'text' });
const model = (name: string) => [...main, ...more].find((m) => m.name === name)!;
const lists = { permissions: [], lookups: [] };

describe('PropertyInput', () => {
  it('labels a property with its title in the chosen language', () => {
    setMessages('no', { 'Help text': 'Hjelpetekst', Required: 'Påkrevd' });
    render(<PropertyInput model={model('subtext')} value="" lists={lists} onChange={() => {}} />);
    render(<PropertyInput model={model('required')} value={false} lists={lists} onChange={() => {}} />);
    expect(screen.getByLabelText('Hjelpetekst')).toBeTruthy();
    expect(screen.getByLabelText('Påkrevd')).toBeTruthy();
  });

  it('describes a property with its description in the chosen language', () => {
    setMessages('no', { 'Help text under the field.': 'Hjelpetekst under feltet.' });
    render(<PropertyInput model={model('subtext')} value="" lists={lists} onChange={() => {}} />);
    expect(screen.getByLabelText('Help text').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Hjelpetekst under feltet.')).toBeTruthy();
    expect(screen.queryByText('Help text under the field.')).toBeNull();
  });

  it('in English by default', () => {
    render(<PropertyInput model={model('subtext')} value="" lists={lists} onChange={() => {}} />);
    expect(screen.getByLabelText('Help text')).toBeTruthy();
  });

  it('offers the permission as a choice of the known ones, keeping a list the document has and adding to it', () => {
    const onChange = vi.fn();
    const permissions = [
      { name: 'update_tags', title: 'Update tags' },
      { name: 'view_tags', title: 'View tags' },
    ];
    const value = ['default_theme', 'show_payment_control'];
    render(
      <PropertyInput
        model={model('permission')}
        value={value}
        lists={{ permissions, lookups: [] }}
        onChange={onChange}
      />,
    );
    const picker = screen.getByLabelText('Permission') as HTMLSelectElement;
    const selected = () => [...picker.selectedOptions].map((o) => o.value);
    expect([...picker.options].map((o) => o.textContent)).toContain('Update tags (update_tags)');
    expect(selected().sort()).toEqual(value);
    picker.options[0].selected = true;
    fireEvent.change(picker);
    expect(onChange).toHaveBeenLastCalledWith([...value, 'update_tags']);
    for (const option of picker.options) option.selected = option.value === 'view_tags';
    fireEvent.change(picker);
    expect(onChange).toHaveBeenLastCalledWith('view_tags');
    for (const option of picker.options) option.selected = false;
    fireEvent.change(picker);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
