import { describe, expect, it } from 'vitest';
import { widgetsOf } from './chart-widgets';

describe('widgetsOf', () => {
  it('keeps value tiles and chart pages in order', () => {
    const widgets = [
      { id: 1, type: 'value', title: 'Signal', value: -61, formatter: 'dbm' },
      { id: 2, type: 'chart', title: 'Data usage', page: 'device.data-usage' },
    ];
    expect(widgetsOf(widgets)).toEqual(widgets);
  });
  it('drops malformed widgets and page names that are not document keys', () => {
    expect(widgetsOf(undefined)).toEqual([]);
    expect(
      widgetsOf([
        { id: 1, type: 'chart', title: 'X', page: '../secret' },
        { id: 2, type: 'pie', title: 'Y' },
        { type: 'value', title: 'no id', value: 1 },
        null,
      ]),
    ).toEqual([]);
  });
});
