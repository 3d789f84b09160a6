/** App version (shell spec §9). */
export const APP_VERSION = '5.4.1';
