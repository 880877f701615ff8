import { VRMLoaderPlugin, VRMUtils, type VRM } from '@pixiv/three-vrm';
import { createVRMAnimationClip, VRMAnimationLoaderPlugin, VRMLookAtQuaternionProxy, type VRMAnimation } from '@pixiv/three-vrm-animation';
import { useEffect, useRef } from 'react';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { danceTime } from '../creation/dance-sync';
import { swayPhase } from './live-clock';
import type { FaceDrive } from './live-voice';
import { buildSet, type StageScene } from './live-sets';

export type Stage3DState = 'loading' | 'ready' | 'failed' | 'unsupported';

export interface StageTrack {
  dance: string | null;
  bpm: number | null;
}

export interface LiveStage3DProps {
  /** The agent's VRM model, or null for a 2D agent (its picture stands on the stage). */
  vrmUrl: string | null;
  pictureUrl: string | null;
  scene: StageScene;
  tracks: readonly StageTrack[];
  /** Where the show is now: the track and the time in it (the music's when it is heard). */
  clock: () => { index: number; time: number } | null;
  face: FaceDrive;
  label: string;
  onStateChange(state: Stage3DState): void;
}

const MOODS = ['happy', 'sad', 'angry', 'surprised', 'relaxed'] as const;

/**
 * The live stage: the show's set (live-sets.ts) with the agent on it, dancing each track's
 * dance at the show's time, or swaying to its beat when a track has no dance; its mouth and face
 * follow what it says. three.js and the VRM libraries live here and in live-sets.ts only, loaded
 * on demand by live-stage.tsx.
 */
export default function LiveStage3D({ vrmUrl, pictureUrl, scene: stageScene, tracks, clock, face, label, onStateChange }: LiveStage3DProps) {
  const host = useRef<HTMLDivElement>(null);
  const tracksRef = useRef(tracks);
  tracksRef.current = tracks;
  const clockRef = useRef(clock);
  clockRef.current = clock;
  const labelRef = useRef(label);
  labelRef.current = label;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let disposed = false;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ antialias: true });
    } catch {
      onStateChange('unsupported');
      return;
    }
    onStateChange('loading');
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 1.5));
    renderer.outputColorSpace = THREE.SRGBColorSpace;
    const canvas = renderer.domElement;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', labelRef.current);
    canvas.className = 'block size-full';
    element.appendChild(canvas);

    const scene = new THREE.Scene();
    const set = buildSet(scene, stageScene);
    const camera = new THREE.PerspectiveCamera(32, 1, 0.1, 60);
    let subjectBox = new THREE.Box3(new THREE.Vector3(-0.4, 0, -0.2), new THREE.Vector3(0.4, 1.6, 0.2));

    const frame = () => {
      const size = subjectBox.getSize(new THREE.Vector3());
      const center = subjectBox.getCenter(new THREE.Vector3());
      // the whole body with room for the set around it
      const height = size.y * 1.45;
      const width = Math.max(size.x, size.y * 0.9) * 1.6;
      const fit = Math.max(height, width / camera.aspect) / 2 / Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2);
      camera.position.set(center.x, center.y + size.y * 0.12, center.z + fit + size.z / 2);
      camera.lookAt(center.x, center.y, center.z);
    };
    const resize = () => {
      const { clientWidth, clientHeight } = element;
      renderer.setSize(clientWidth, clientHeight, false);
      camera.aspect = clientWidth / Math.max(clientHeight, 1);
      camera.updateProjectionMatrix();
      frame();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    resize();

    let vrm: VRM | null = null;
    let mixer: THREE.AnimationMixer | null = null;
    let card: THREE.Mesh<THREE.PlaneGeometry, THREE.MeshStandardMaterial> | null = null;
    const clips = new Map<string, Promise<THREE.AnimationClip | null>>();
    const ready = new Map<string, THREE.AnimationClip | null>();
    let playing: { url: string; action: THREE.AnimationAction; duration: number } | null = null;

    const motions = new GLTFLoader();
    motions.register((parser) => new VRMAnimationLoaderPlugin(parser));
    const clipOf = (url: string) => {
      if (!vrm) return null;
      if (ready.has(url)) return ready.get(url) ?? null;
      if (!clips.has(url)) {
        const model = vrm;
        const loading = motions
          .loadAsync(url)
          .then((gltf) => {
            const animation = (gltf.userData.vrmAnimations as VRMAnimation[] | undefined)?.[0];
            return animation ? createVRMAnimationClip(animation, model) : null;
          })
          .catch(() => null)
          .then((clip) => {
            ready.set(url, clip);
            return clip;
          });
        clips.set(url, loading);
      }
      return null;
    };

    if (vrmUrl) {
      const loader = new GLTFLoader();
      loader.register((parser) => new VRMLoaderPlugin(parser));
      loader
        .loadAsync(vrmUrl)
        .then((gltf) => {
          const loaded = gltf.userData.vrm as VRM | undefined;
          if (!loaded) throw new Error('not a VRM model');
          if (disposed) {
            VRMUtils.deepDispose(loaded.scene);
            return;
          }
          VRMUtils.rotateVRM0(loaded);
          if (loaded.lookAt) {
            const proxy = new VRMLookAtQuaternionProxy(loaded.lookAt);
            proxy.name = 'VRMLookAtQuaternionProxy';
            loaded.scene.add(proxy);
          }
          vrm = loaded;
          mixer = new THREE.AnimationMixer(loaded.scene);
          scene.add(loaded.scene);
          subjectBox = new THREE.Box3().setFromObject(loaded.scene);
          frame();
          onStateChange('ready');
        })
        .catch(() => !disposed && onStateChange('failed'));
    } else {
      // a 2D agent: its picture on a standing card
      const material = new THREE.MeshStandardMaterial({ color: 0xffffff, roughness: 0.6, side: THREE.DoubleSide });
      card = new THREE.Mesh(new THREE.PlaneGeometry(1.1, 1.1), material);
      card.position.set(0, 0.85, 0);
      scene.add(card);
      subjectBox = new THREE.Box3(new THREE.Vector3(-0.6, 0, -0.1), new THREE.Vector3(0.6, 1.5, 0.1));
      frame();
      if (pictureUrl) {
        new THREE.TextureLoader()
          .loadAsync(pictureUrl)
          .then((texture) => {
            if (disposed) return texture.dispose();
            texture.colorSpace = THREE.SRGBColorSpace;
            material.map = texture;
            material.needsUpdate = true;
          })
          .catch(() => undefined);
      }
      onStateChange('ready');
    }

    const bone = (name: Parameters<NonNullable<VRM['humanoid']>['getNormalizedBoneNode']>[0]) => vrm?.humanoid.getNormalizedBoneNode(name) ?? null;

    const sway = (time: number, bpm: number | null) => {
      const phase = swayPhase(time, bpm);
      const beat = Math.abs(swayPhase(time * 2, bpm));
      const hips = bone('hips');
      if (hips) {
        hips.rotation.z = phase * 0.07;
        if (typeof hips.userData.restY !== 'number') hips.userData.restY = hips.position.y;
        hips.position.y = (hips.userData.restY as number) - beat * 0.02;
      }
      const spine = bone('spine');
      if (spine) spine.rotation.z = -phase * 0.06;
      const head = bone('head');
      if (head) head.rotation.z = phase * 0.08;
      const leftArm = bone('leftUpperArm');
      if (leftArm) leftArm.rotation.z = -1.15 + phase * 0.12;
      const rightArm = bone('rightUpperArm');
      if (rightArm) rightArm.rotation.z = 1.15 + phase * 0.12;
      const leftFore = bone('leftLowerArm');
      if (leftFore) leftFore.rotation.y = -0.3;
      const rightFore = bone('rightLowerArm');
      if (rightFore) rightFore.rotation.y = 0.3;
    };

    const setFace = (delta: number) => {
      const expressions = vrm?.expressionManager;
      if (!expressions) return;
      expressions.setValue('aa', face.mouth);
      for (const mood of MOODS) {
        const target = face.mood === mood ? 0.7 : 0;
        const now = expressions.getValue(mood) ?? 0;
        expressions.setValue(mood, now + (target - now) * Math.min(1, delta * 6));
      }
    };

    const timer = new THREE.Timer();
    renderer.setAnimationLoop((now) => {
      timer.update(now);
      const delta = timer.getDelta();
      const seconds = timer.getElapsed();
      set.update(seconds);
      const at = clockRef.current();
      const track = at ? tracksRef.current[at.index] : undefined;
      const time = at?.time ?? seconds;
      if (vrm && mixer) {
        const clip = track?.dance ? clipOf(track.dance) : null;
        if (clip && track?.dance) {
          if (playing?.url !== track.dance) {
            mixer.stopAllAction();
            const action = mixer.clipAction(clip);
            action.setLoop(THREE.LoopOnce, 1);
            action.clampWhenFinished = true;
            action.play();
            playing = { url: track.dance, action, duration: clip.duration };
          }
          playing.action.time = danceTime(time, playing.duration);
          mixer.update(0);
          element.dataset.motion = 'dance';
        } else {
          if (playing) {
            mixer.stopAllAction();
            playing = null;
            vrm.humanoid.resetNormalizedPose();
          }
          sway(time, track?.bpm ?? null);
          element.dataset.motion = 'sway';
        }
        setFace(delta);
        vrm.update(delta);
      } else if (card) {
        const phase = swayPhase(time, track?.bpm ?? null);
        card.rotation.z = phase * 0.05;
        card.position.y = 0.85 + Math.abs(phase) * 0.04 + face.mouth * 0.03;
        element.dataset.motion = 'sway';
      }
      renderer.render(scene, camera);
    });

    return () => {
      disposed = true;
      renderer.setAnimationLoop(null);
      observer.disconnect();
      timer.dispose();
      mixer?.stopAllAction();
      if (vrm) VRMUtils.deepDispose(vrm.scene);
      if (card) {
        card.material.map?.dispose();
        card.material.dispose();
        card.geometry.dispose();
      }
      set.dispose();
      renderer.dispose();
      canvas.remove();
    };
  }, [vrmUrl, pictureUrl, stageScene, face, onStateChange]);

  useEffect(() => {
    host.current?.querySelector('canvas')?.setAttribute('aria-label', label);
  }, [label]);

  return <div ref={host} className="size-full" data-scene={stageScene.id} />;
}
