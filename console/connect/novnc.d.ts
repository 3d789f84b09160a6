// The part of noVNC's RFB client (@novnc/novnc, core/rfb.js; the package has no types) the desktop page uses.
declare module '@novnc/novnc' {
  export interface RfbCredentials {
    username?: string;
    password?: string;
  }

  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | WebSocket, options?: { credentials?: RfbCredentials });
    scaleViewport: boolean;
    focusOnClick: boolean;
    background: string;
    focus(): void;
    disconnect(): void;
    sendCredentials(credentials: RfbCredentials): void;
    sendCtrlAltDel(): void;
    clipboardPasteFrom(text: string): void;
  }
}
