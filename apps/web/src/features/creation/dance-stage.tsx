import { VRMLoaderPlugin, VRMUtils, type VRM } from '@pixiv/three-vrm';
import { createVRMAnimationClip, VRMAnimationLoaderPlugin, VRMLookAtQuaternionProxy, type VRMAnimation } from '@pixiv/three-vrm-animation';
import { useEffect, useRef, type RefObject } from 'react';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { createDriftMeter, poseAt } from './dance-sync';

/** `unsupported`: this browser has no WebGL; the music still plays. */
export type DanceStageState = 'loading' | 'ready' | 'failed' | 'unsupported';

export interface DanceStageProps {
  vrmUrl: string;
  vrmaUrl: string;
  /** The song: its `currentTime` is the dance's only clock. */
  audio: RefObject<HTMLAudioElement | null>;
  /** Accessible name of the canvas. */
  label: string;
  onStateChange: (state: DanceStageState) => void;
}

interface Dance {
  vrm: VRM;
  mixer: THREE.AnimationMixer;
  action: THREE.AnimationAction;
  duration: number;
}

async function loadDance(vrmUrl: string, vrmaUrl: string): Promise<Dance> {
  const models = new GLTFLoader();
  models.register((parser) => new VRMLoaderPlugin(parser));
  const motions = new GLTFLoader();
  motions.register((parser) => new VRMAnimationLoaderPlugin(parser));
  const [model, motion] = await Promise.all([models.loadAsync(vrmUrl), motions.loadAsync(vrmaUrl)]);
  const vrm = model.userData.vrm as VRM | undefined;
  const animation = (motion.userData.vrmAnimations as VRMAnimation[] | undefined)?.[0];
  if (!vrm || !animation) throw new Error('not a VRM model and a VRM animation');
  VRMUtils.rotateVRM0(vrm);
  if (vrm.lookAt) {
    // the clip drives the gaze through this proxy; made here, under the name the clip looks for
    const proxy = new VRMLookAtQuaternionProxy(vrm.lookAt);
    proxy.name = 'VRMLookAtQuaternionProxy';
    vrm.scene.add(proxy);
  }
  const clip = createVRMAnimationClip(animation, vrm);
  const mixer = new THREE.AnimationMixer(vrm.scene);
  const action = mixer.clipAction(clip);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  return { vrm, mixer, action, duration: clip.duration };
}

/**
 * A VRM model dancing a VRM Animation in time with an audio element. three.js and the VRM
 * libraries live in this module only, loaded on demand by dance-player.tsx.
 *
 * Each frame poses the dance at the song's `currentTime` (dance-sync.ts), so pause, seek, rate and
 * the end follow the audio by themselves. While the song stands still and the view is not moved,
 * nothing is drawn.
 *
 * For tests and diagnosis the canvas carries `data-drift-ms`, the largest gap so far between the
 * time the drawn pose shows and the song's time read after drawing it (milliseconds, one decimal),
 * and `data-synced-frames`, how many frames were measured.
 */
export default function DanceStage({ vrmUrl, vrmaUrl, audio, label, onStateChange }: DanceStageProps) {
  const host = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const labelRef = useRef(label);

  // the name follows the language without rebuilding the scene
  useEffect(() => {
    labelRef.current = label;
    canvasRef.current?.setAttribute('aria-label', label);
  }, [label]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let disposed = false;
    let dance: Dance | null = null;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    } catch {
      onStateChange('unsupported');
      return;
    }
    onStateChange('loading');
    const canvas = renderer.domElement;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.outputColorSpace = THREE.SRGBColorSpace;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', labelRef.current);
    canvasRef.current = canvas;
    canvas.className = 'block size-full';
    element.appendChild(canvas);

    const scene = new THREE.Scene();
    scene.add(new THREE.HemisphereLight(0xffffff, 0x444466, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(1, 2, 2);
    scene.add(sun);
    const floor = new THREE.Mesh(new THREE.CircleGeometry(0.9, 48), new THREE.MeshBasicMaterial({ color: 0xb9acf2, transparent: true, opacity: 0.18 }));
    floor.rotation.x = -Math.PI / 2;
    scene.add(floor);
    const camera = new THREE.PerspectiveCamera(30, 1, 0.1, 30);
    camera.position.set(0, 1, 5);
    const controls = new OrbitControls(camera, canvas);
    controls.enablePan = false;
    // the framing already shows the whole dance; a wheel or a pinch over the stage scrolls and zooms the page
    controls.enableZoom = false;
    controls.target.set(0, 0.9, 0);

    // a finger dragging across turns the dancer, one dragging down still scrolls the page
    canvas.style.touchAction = 'pan-y';

    let dirty = true;
    controls.addEventListener('change', () => {
      dirty = true;
    });

    // the whole dance stays in view: the rest pose's box with room for steps, raised arms and jumps
    let restBox: THREE.Box3 | null = null;
    const frame = () => {
      const box = restBox;
      if (!box) return;
      const size = box.getSize(new THREE.Vector3());
      const center = box.getCenter(new THREE.Vector3());
      const height = size.y * 1.3;
      const width = Math.max(size.x, size.y * 0.9) * 1.3;
      const fit = Math.max(height, width / camera.aspect) / 2 / Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2);
      controls.target.set(center.x, center.y, center.z);
      camera.position.set(center.x, center.y + size.y * 0.05, center.z + fit + size.z / 2);
      controls.update();
      dirty = true;
    };

    const resize = () => {
      const { clientWidth, clientHeight } = element;
      renderer.setSize(clientWidth, clientHeight, false);
      camera.aspect = clientWidth / Math.max(clientHeight, 1);
      camera.updateProjectionMatrix();
      frame();
      dirty = true;
    };
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    resize();

    loadDance(vrmUrl, vrmaUrl)
      .then((loaded) => {
        if (disposed) {
          VRMUtils.deepDispose(loaded.vrm.scene);
          return;
        }
        dance = loaded;
        scene.add(loaded.vrm.scene);
        // measured before the first frame poses the model
        restBox = new THREE.Box3().setFromObject(loaded.vrm.scene);
        frame();
        onStateChange('ready');
      })
      .catch(() => !disposed && onStateChange('failed'));

    const meter = createDriftMeter();
    const timer = new THREE.Timer();
    let shownAt = Number.NaN;
    renderer.setAnimationLoop((now) => {
      timer.update(now);
      const delta = timer.getDelta();
      const song = audio.current;
      const audioTime = song ? song.currentTime : 0;
      if (audioTime === shownAt && !dirty) return;
      dirty = false;
      shownAt = audioTime;
      if (!dance) {
        renderer.render(scene, camera);
        return;
      }
      const shown = poseAt(dance.mixer, dance.action, audioTime, dance.duration);
      dance.vrm.update(delta);
      renderer.render(scene, camera);
      // read again after drawing: a browser whose clock moved meanwhile shows up as drift
      meter.record(shown, song ? song.currentTime : 0, dance.duration);
      canvas.dataset.driftMs = meter.maxMs.toFixed(1);
      canvas.dataset.syncedFrames = String(meter.frames);
    });

    return () => {
      disposed = true;
      renderer.setAnimationLoop(null);
      observer.disconnect();
      controls.dispose();
      timer.dispose();
      if (dance) {
        dance.mixer.stopAllAction();
        VRMUtils.deepDispose(dance.vrm.scene);
      }
      floor.geometry.dispose();
      floor.material.dispose();
      renderer.dispose();
      canvas.remove();
      canvasRef.current = null;
    };
  }, [vrmUrl, vrmaUrl, audio, onStateChange]);

  return <div ref={host} className="size-full" />;
}
