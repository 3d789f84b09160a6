// Branded device models and series from the theme (shell spec §3).
export interface BrandedModel {
  original_model: string;
  branded_model: string;
  branded_model_image?: string;
}
export interface BrandedSeries {
  original: string;
  branded: string;
}
export interface DeviceBranding {
  models?: readonly BrandedModel[];
  series?: readonly BrandedSeries[];
}

export function brandedModel(model: unknown, branding?: DeviceBranding): string {
  if (typeof model !== 'string') return '';
  const hit = branding?.models?.find((m) => m.original_model.toUpperCase() === model.toUpperCase());
  return hit ? hit.branded_model : model;
}
