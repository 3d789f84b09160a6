import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCelsius, formatCoordinate, formatDbm } from './units';
import { formatPort, portService } from './services';
import { CHART_PALETTE, paletteColor } from './palette';

describe('units', () => {
  it('formats dBm, °C and coordinates', () => {
    expect(formatDbm(-81)).toBe('-81 dBm');
    expect(formatDbm(null)).toBe('');
    // Tenths of a degree, as devices report and the RMS API answers them.
    expect(formatCelsius('360')).toBe('36 °C');
    expect(formatCelsius(389)).toBe('38.9 °C');
    expect(formatCelsius(-125)).toBe('-12.5 °C');
    expect(formatCoordinate(54.687157)).toBe('54.687157');
    expect(formatCoordinate(25)).toBe('25.000000');
  });
  it('coordinates always carry 6 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), (n) => {
        expect(formatCoordinate(n)).toMatch(/^-?\d+\.\d{6}$/);
      }),
    );
  });
});

describe('port services', () => {
  it('names the spec ports', () => {
    expect(portService(22)).toBe('ssh/sftp');
    expect(portService('23')).toBe('telnet');
    expect(portService(80)).toBe('http');
    expect(portService(443)).toBe('https');
    expect(portService(3389)).toBe('rdp');
    expect(portService(5900)).toBe('vnc');
    expect(portService(8080)).toBeUndefined();
    expect(formatPort(443)).toBe('443 (https)');
    expect(formatPort(8080)).toBe('8080');
  });
});

describe('palette', () => {
  it('has 11 distinct colours and wraps', () => {
    expect(CHART_PALETTE).toHaveLength(11);
    expect(new Set(CHART_PALETTE).size).toBe(11);
    expect(paletteColor(11)).toBe(CHART_PALETTE[0]);
    expect(paletteColor(-1)).toBe(CHART_PALETTE[10]);
  });
  it('each colour has at least 3:1 contrast on white', () => {
    const lum = (hex: string) => {
      const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const l = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    };
    for (const color of CHART_PALETTE) expect(1.05 / (lum(color) + 0.05)).toBeGreaterThanOrEqual(3);
  });
});
