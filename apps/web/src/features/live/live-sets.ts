import * as THREE from 'three';

/** The show's stage as the set builder needs it: a default scene's id, or a Scene item's cover. */
export interface StageScene {
  id: string;
  kind: 'default' | 'item';
  /** The item's picture, as an address the browser can load. */
  cover: string | null;
}

export interface StageSet {
  /** Moves what moves (lights sweeping, stars twinkling), `seconds` since the set went up. */
  update(seconds: number): void;
  dispose(): void;
}

/** A canvas drawn once and used as a texture. */
function paintedTexture(width: number, height: number, paint: (g: CanvasRenderingContext2D) => void): THREE.CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (g) paint(g);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

/**
 * Builds a show's set in `scene`: floor, backdrop, lights and colours. The three default stages
 * (`stage`, `starry`, `sunset`) are drawn here; a Scene item shows its cover as the backdrop on a
 * neutral floor. Answers how to animate and take it down.
 */
export function buildSet(scene: THREE.Scene, stage: StageScene): StageSet {
  const owned: Array<{ dispose(): void }> = [];
  const own = <T extends { dispose(): void }>(thing: T): T => {
    owned.push(thing);
    return thing;
  };
  const add = <T extends THREE.Object3D>(object: T): T => {
    scene.add(object);
    return object;
  };
  const plane = (w: number, h: number, material: THREE.Material, z: number, y: number) => {
    const mesh = add(new THREE.Mesh(own(new THREE.PlaneGeometry(w, h)), own(material)));
    mesh.position.set(0, y, z);
    return mesh;
  };
  const floor = (color: number, emissive = 0x000000) => {
    const mesh = add(new THREE.Mesh(own(new THREE.CircleGeometry(4, 64)), own(new THREE.MeshStandardMaterial({ color, emissive, roughness: 0.35, metalness: 0.2 }))));
    mesh.rotation.x = -Math.PI / 2;
    return mesh;
  };
  const ring = (color: number, radius: number) => {
    const mesh = add(new THREE.Mesh(own(new THREE.RingGeometry(radius, radius + 0.04, 64)), own(new THREE.MeshBasicMaterial({ color }))));
    mesh.rotation.x = -Math.PI / 2;
    mesh.position.y = 0.005;
    return mesh;
  };
  const movers: Array<(t: number) => void> = [];

  const kind = stage.kind === 'item' ? (stage.cover ? 'item' : 'stage') : stage.id;
  switch (kind) {
    case 'starry': {
      scene.background = new THREE.Color(0x070b26);
      scene.fog = new THREE.Fog(0x070b26, 6, 16);
      floor(0x141c4a, 0x060a24);
      ring(0x8fb4ff, 1.1);
      // a field of stars behind and above
      const count = 600;
      const positions = new Float32Array(count * 3);
      for (let i = 0; i < count; i++) {
        positions[i * 3] = (Math.random() - 0.5) * 18;
        positions[i * 3 + 1] = Math.random() * 8 + 0.3;
        positions[i * 3 + 2] = -3 - Math.random() * 6;
      }
      const geometry = own(new THREE.BufferGeometry());
      geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
      const material = own(new THREE.PointsMaterial({ color: 0xffffff, size: 0.045, transparent: true, opacity: 0.9, fog: false }));
      add(new THREE.Points(geometry, material));
      const moon = add(new THREE.Mesh(own(new THREE.SphereGeometry(0.45, 32, 16)), own(new THREE.MeshBasicMaterial({ color: 0xfff3c4, fog: false }))));
      moon.position.set(2.6, 3.2, -6);
      add(new THREE.HemisphereLight(0x9fb8ff, 0x0b0f2e, 1.6));
      const key = add(new THREE.DirectionalLight(0xdfe8ff, 1.8));
      key.position.set(2, 3, 3);
      const rim = add(new THREE.PointLight(0x7aa2ff, 6, 8));
      rim.position.set(-1.5, 2, -1.5);
      movers.push((t) => {
        material.opacity = 0.75 + Math.sin(t * 1.7) * 0.2;
      });
      break;
    }
    case 'sunset': {
      scene.background = new THREE.Color(0x3b1a40);
      const sky = own(
        paintedTexture(16, 256, (g) => {
          const gradient = g.createLinearGradient(0, 0, 0, 256);
          gradient.addColorStop(0, '#3b1a5a');
          gradient.addColorStop(0.45, '#c2477a');
          gradient.addColorStop(0.75, '#ff8a4c');
          gradient.addColorStop(1, '#ffd27a');
          g.fillStyle = gradient;
          g.fillRect(0, 0, 16, 256);
        }),
      );
      plane(24, 10, new THREE.MeshBasicMaterial({ map: sky }), -6, 3.2);
      const sun = add(new THREE.Mesh(own(new THREE.CircleGeometry(1.1, 48)), own(new THREE.MeshBasicMaterial({ color: 0xffe1a0 }))));
      sun.position.set(-1.6, 1.1, -5.9);
      floor(0xd9925e, 0x2a0f08);
      ring(0xffd9a0, 1.1);
      add(new THREE.HemisphereLight(0xffc18a, 0x5a2440, 1.4));
      const key = add(new THREE.DirectionalLight(0xffa65c, 2.4));
      key.position.set(-3, 1.5, 2);
      const fill = add(new THREE.DirectionalLight(0xff6fa8, 0.8));
      fill.position.set(3, 2, 2);
      movers.push((t) => {
        sun.position.y = 1.1 + Math.sin(t * 0.2) * 0.08;
      });
      break;
    }
    case 'item': {
      scene.background = new THREE.Color(0x18161f);
      const material = new THREE.MeshBasicMaterial({ color: 0xffffff });
      const backdrop = plane(12, 6.75, material, -4, 2.4);
      if (stage.cover) {
        new THREE.TextureLoader()
          .loadAsync(stage.cover)
          .then((texture) => {
            texture.colorSpace = THREE.SRGBColorSpace;
            own(texture);
            material.map = texture;
            material.needsUpdate = true;
            // keep the picture's shape
            const image = texture.image as { width?: number; height?: number } | undefined;
            if (image?.width && image.height) backdrop.scale.set(1, (12 * image.height) / image.width / 6.75, 1);
          })
          .catch(() => undefined);
      }
      floor(0x2a2733);
      ring(0xffffff, 1.1);
      add(new THREE.HemisphereLight(0xffffff, 0x333344, 1.8));
      const key = add(new THREE.DirectionalLight(0xffffff, 1.8));
      key.position.set(1, 2.5, 3);
      break;
    }
    default: {
      // the concert stage: curtains, a glossy floor, coloured spotlights sweeping
      scene.background = new THREE.Color(0x12081f);
      const curtain = own(
        paintedTexture(256, 64, (g) => {
          for (let x = 0; x < 256; x++) {
            const fold = 0.55 + 0.45 * Math.cos((x / 256) * Math.PI * 24);
            g.fillStyle = `rgb(${Math.round(120 * fold + 30)}, ${Math.round(14 * fold + 8)}, ${Math.round(60 * fold + 24)})`;
            g.fillRect(x, 0, 1, 64);
          }
        }),
      );
      plane(14, 7, new THREE.MeshStandardMaterial({ map: curtain, roughness: 0.9 }), -3.5, 3);
      floor(0x231238, 0x0a0314);
      ring(0xff6fd8, 1.1);
      ring(0x6fe3ff, 1.6);
      add(new THREE.HemisphereLight(0xb9a4ff, 0x1a0b2a, 0.9));
      const key = add(new THREE.DirectionalLight(0xffffff, 1.5));
      key.position.set(0, 3, 4);
      const left = add(new THREE.SpotLight(0xff4fd8, 40, 12, 0.45, 0.5));
      left.position.set(-2.5, 4.5, 1.5);
      const right = add(new THREE.SpotLight(0x4fd8ff, 40, 12, 0.45, 0.5));
      right.position.set(2.5, 4.5, 1.5);
      add(left.target);
      add(right.target);
      movers.push((t) => {
        left.target.position.set(Math.sin(t * 0.8) * 1.2, 0, Math.cos(t * 0.6) * 0.6);
        right.target.position.set(-Math.sin(t * 0.7) * 1.2, 0, Math.cos(t * 0.9) * 0.6);
      });
    }
  }

  return {
    update: (seconds) => {
      for (const move of movers) move(seconds);
    },
    dispose: () => {
      for (const thing of owned) thing.dispose();
      scene.clear();
    },
  };
}
