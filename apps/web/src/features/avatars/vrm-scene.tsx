import { VRMLoaderPlugin, VRMUtils, type VRM } from '@pixiv/three-vrm';
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export interface VrmSceneProps {
  /** URL of the .vrm file. */
  src: string;
  /** Accessible name of the canvas. */
  label: string;
  onStateChange?: (state: 'loading' | 'ready' | 'failed') => void;
}

/**
 * A VRM model on a turntable: three.js and @pixiv/three-vrm live in this module only, which
 * is loaded on demand (see vrm-viewer.tsx) so that pages without a 3D avatar never pay for them.
 */
export default function VrmScene({ src, label, onStateChange }: VrmSceneProps) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let disposed = false;
    let vrm: VRM | null = null;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    } catch {
      // no WebGL here (blocked, or no GPU and no software fallback): say so instead of crashing the page
      setState('failed');
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.outputColorSpace = THREE.SRGBColorSpace;
    renderer.domElement.setAttribute('role', 'img');
    renderer.domElement.setAttribute('aria-label', label);
    renderer.domElement.className = 'block size-full';
    element.appendChild(renderer.domElement);

    const scene = new THREE.Scene();
    scene.add(new THREE.HemisphereLight(0xffffff, 0x444466, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(1, 2, 2);
    scene.add(sun);
    const camera = new THREE.PerspectiveCamera(30, 1, 0.1, 20);
    camera.position.set(0, 1.35, 2.6);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.target.set(0, 1.2, 0);
    controls.enablePan = false;
    controls.minDistance = 1;
    controls.maxDistance = 5;
    controls.autoRotate = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    controls.autoRotateSpeed = 1.2;

    const resize = () => {
      const { clientWidth, clientHeight } = element;
      renderer.setSize(clientWidth, clientHeight, false);
      camera.aspect = clientWidth / Math.max(clientHeight, 1);
      camera.updateProjectionMatrix();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    resize();

    // models come in every size: aim at the middle and step back until the whole body fits
    const frame = (object: THREE.Object3D) => {
      const box = new THREE.Box3().setFromObject(object);
      const size = box.getSize(new THREE.Vector3());
      const center = box.getCenter(new THREE.Vector3());
      const fit = (Math.max(size.y, size.x / camera.aspect) / 2 / Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2)) * 1.15;
      controls.target.copy(center);
      camera.position.set(center.x, center.y, center.z + fit + size.z / 2);
      controls.maxDistance = fit * 2;
      controls.update();
    };

    const loader = new GLTFLoader();
    loader.register((parser) => new VRMLoaderPlugin(parser));
    loader
      .loadAsync(src)
      .then((gltf) => {
        const loaded = gltf.userData.vrm as VRM | undefined;
        if (disposed || !loaded) {
          if (!loaded) setState('failed');
          return;
        }
        VRMUtils.rotateVRM0(loaded);
        vrm = loaded;
        scene.add(loaded.scene);
        frame(loaded.scene);
        setState('ready');
      })
      .catch(() => !disposed && setState('failed'));

    const timer = new THREE.Timer();
    renderer.setAnimationLoop((time) => {
      timer.update(time);
      const delta = timer.getDelta();
      vrm?.update(delta);
      controls.update(delta);
      renderer.render(scene, camera);
    });

    return () => {
      disposed = true;
      renderer.setAnimationLoop(null);
      observer.disconnect();
      controls.dispose();
      timer.dispose();
      if (vrm) VRMUtils.deepDispose(vrm.scene);
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [src, label]);

  return <div ref={host} className="size-full" data-state={state} />;
}
