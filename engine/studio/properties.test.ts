import { describe, expect, it } from 'vitest';
import formSchema from '../../schemas/form.schema.json';
import { PALETTE } from './palette';
import { FORM_PROPERTIES, fieldPropertyGroups, propertyModels } from './properties';

const titles = (models: { title: string }[]) => models.map((m) => m.title);

describe('the property panel model', () => {
  it('labels a field’s properties with the meta-schema’s titles, the ones its kind needs first', () => {
    const text = fieldPropertyGroups({ type: 'text' });
    expect(titles(text.main)).toEqual(expect.arrayContaining(['Key', 'Label', 'Required', 'Placeholder', 'Help text']));
    expect(titles(text.main)).toEqual(expect.arrayContaining(['Min length', 'Max length', 'Pattern', 'Mask']));
    expect(titles(text.more)).toContain('Permission');
    expect(titles(fieldPropertyGroups({ type: 'number' }).main)).toEqual(expect.arrayContaining(['Min', 'Max']));
    expect(titles(fieldPropertyGroups({ type: 'select' }).main)).toContain('Options');
    expect(titles(fieldPropertyGroups({ component: 'BaseAlert' }).main)).not.toContain('Required');
  });

  it('offers every property of the meta-schema for every kind, each once', () => {
    const all = Object.keys(formSchema.$defs.field.properties).sort();
    for (const entry of PALETTE) {
      const { main, more } = fieldPropertyGroups(entry);
      expect([...main, ...more].map((p) => p.name).sort(), entry.name).toEqual(all);
    }
  });

  it('picks each property’s input by the list it names, else by its JSON Schema', () => {
    const input = (name: string) =>
      [...fieldPropertyGroups({}).main, ...fieldPropertyGroups({}).more].find((p) => p.name === name)?.input;
    expect(input('required')).toBe('boolean');
    expect(input('maxlength')).toBe('integer');
    expect(input('min')).toBe('number');
    expect(input('type')).toBe('enum');
    expect(input('placeholder')).toBe('text');
    expect(input('permission')).toBe('permission');
    expect(input('options')).toBe('options');
    expect(input('depends')).toBe('rules');
    expect(input('requiredWhen')).toBe('rules');
    expect(input('validate')).toBe('validators');
    expect(input('onChange')).toBe('function');
    expect(input('list')).toBe('object');
    expect(input('trueValue')).toBe('scalar');
    expect(input('default')).toBe('json');
  });

  it('shows a property added to the meta-schema with its own title and no other change', () => {
    const [added] = propertyModels({ colourBlind: { title: 'Colour-blind safe', description: 'x', type: 'boolean' } });
    expect(added).toMatchObject({
      name: 'colourBlind',
      title: 'Colour-blind safe',
      description: 'x',
      input: 'boolean',
    });
    expect(propertyModels({ someThing: { type: 'string' } })[0]!.title).toBe('Some Thing');
  });

  it('lists the form’s own properties, without its fields', () => {
    const { main, more } = FORM_PROPERTIES;
    expect(titles(main)).toEqual(expect.arrayContaining(['Title', 'Endpoint', 'Method', 'Permission']));
    expect(titles(more)).toEqual(expect.arrayContaining(['Submit button text', 'Reveal once']));
    expect(main.find((p) => p.name === 'endpoint')!.input).toBe('endpoint');
    expect([...main, ...more].map((p) => p.name)).not.toContain('fields');
  });
});
