import type { Creation } from '@starlit/contract';
import type { ComponentType, ReactNode } from 'react';
import { DanceIcon, ImageIcon, ImagesIcon, MusicIcon } from '../../ui/icons';
import { Img2ImgForm, Img2ImgResult } from './img2img-form';
import { DanceResult, Music2DanceForm } from './music2dance-form';
import { ImageResult, Text2ImgForm } from './text2img-form';
import { MusicResult, Text2MusicForm } from './text2music-form';
import type { StudioCreation } from './use-studio-creation';

export interface StudioFormProps {
  studio: StudioCreation;
  /** The button's words with the price. */
  submitLabel: ReactNode;
}

interface StudioWorkflowParts {
  Icon: ComponentType<{ size?: number }>;
  Form: ComponentType<StudioFormProps>;
  /** A finished creation of the workflow. */
  Result: ComponentType<{ creation: Creation }>;
}

/** The studios there are, by the SPEC §3 workflow id in `?studio=`. */
export const STUDIO_WORKFLOWS = {
  text2Img: { Icon: ImageIcon, Form: Text2ImgForm, Result: ImageResult },
  img2Img: { Icon: ImagesIcon, Form: Img2ImgForm, Result: Img2ImgResult },
  text2Music: { Icon: MusicIcon, Form: Text2MusicForm, Result: MusicResult },
  music2Dance: { Icon: DanceIcon, Form: Music2DanceForm, Result: DanceResult },
} satisfies Record<string, StudioWorkflowParts>;

export type StudioWorkflow = keyof typeof STUDIO_WORKFLOWS;

export const isStudioWorkflow = (value: string | null): value is StudioWorkflow => value !== null && value in STUDIO_WORKFLOWS;
