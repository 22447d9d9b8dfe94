// troika-three-text ships no usable types (no `types` field, and its Text does not extend Mesh),
// so the parts this project uses are declared here.
declare module 'troika-three-text' {
  import type { Color, Material, Mesh } from 'three';

  export class Text extends Mesh {
    text: string;
    font: string | null;
    fontSize: number;
    fontWeight: number | 'normal' | 'bold';
    anchorX: number | 'left' | 'center' | 'right' | string;
    anchorY: number | 'top' | 'top-baseline' | 'middle' | 'bottom-baseline' | 'bottom' | string;
    lineHeight: number | 'normal';
    letterSpacing: number;
    whiteSpace: 'normal' | 'nowrap';
    color: Color | string | number;
    fillOpacity: number;
    strokeWidth: number | string;
    strokeColor: Color | string | number;
    strokeOpacity: number;
    outlineWidth: number | string;
    outlineBlur: number | string;
    outlineColor: Color | string | number;
    outlineOpacity: number;
    sdfGlyphSize: number;
    gpuAccelerateSDF: boolean;
    material: Material;
    readonly textRenderInfo: { blockBounds: [number, number, number, number] } | null;
    sync(callback?: () => void): void;
    dispose(): void;
  }

  export function configureTextBuilder(config: {
    useWorker?: boolean;
    sdfGlyphSize?: number;
    defaultFontURL?: string | null;
    unicodeFontsURL?: string | null;
  }): void;
  export function getTextRenderInfo(
    args: { font?: string; text: string; sdfGlyphSize?: number; gpuAccelerateSDF?: boolean },
    callback: (info: unknown) => void,
  ): void;
  export function preloadFont(
    options: { font?: string; characters?: string | string[]; sdfGlyphSize?: number },
    callback: () => void,
  ): void;
}

declare module 'troika-three-utils' {
  import type { IUniform, Material } from 'three';

  export interface DerivedMaterialOptions {
    chained?: boolean;
    uniforms?: Record<string, IUniform>;
    defines?: Record<string, string | number | boolean>;
    vertexDefs?: string;
    vertexMainIntro?: string;
    vertexMainOutro?: string;
    vertexTransform?: string;
    fragmentDefs?: string;
    fragmentMainIntro?: string;
    fragmentMainOutro?: string;
    fragmentColorTransform?: string;
  }
  export function createDerivedMaterial<T extends Material>(
    base: T,
    options: DerivedMaterialOptions,
  ): T & { uniforms: Record<string, IUniform> };
}
