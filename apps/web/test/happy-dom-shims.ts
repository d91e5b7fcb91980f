/**
 * Where happy-dom differs from browsers in a way production code relies on.
 *
 * `Node.prototype.nodeName`: browsers have one getter there that answers for every kind of node;
 * happy-dom defines the real getter on each subclass and leaves the base one answering ''. DOMPurify
 * (apps/web/src/lib/sanitize-html.ts) reads node names through the base getter, so a clobbered
 * element cannot lie about its name; with happy-dom's it would treat every element as unknown. The
 * base getter here answers as a browser's does, by asking the node's own class.
 */
const ownNodeName = (node: Node): string => {
  for (let proto = Object.getPrototypeOf(node) as object | null; proto && proto !== Node.prototype;) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'nodeName');
    if (descriptor?.get) return Reflect.get(proto, 'nodeName', node) as string;
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return '';
};

const base = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
if (
  base?.get &&
  document.createElement('p').nodeName === 'P' &&
  base.get.call(document.createElement('p')) === ''
) {
  Object.defineProperty(Node.prototype, 'nodeName', {
    ...base,
    get(this: Node) {
      return ownNodeName(this);
    },
  });
}

/**
 * `document.createNodeIterator`: browsers keep an iterator's place when the node it stands on is
 * removed (the DOM standard's "pre-removing steps"), which is how DOMPurify walks a tree while it
 * removes and unwraps elements. happy-dom's iterator is a TreeWalker that loses its place, so the
 * node after a removed one was never visited. This one remembers, for the node it last returned,
 * the node just before it (its previous sibling, or its parent), and resumes from there when the
 * node has been taken out of the tree, as a browser would.
 */
class PlaceKeepingNodeIterator {
  private current: Node | null = null;
  /** The node just before `current` when it was returned, and whether that node is its parent. */
  private before: { node: Node; isParent: boolean } | null = null;

  constructor(
    readonly root: Node,
    readonly whatToShow: number,
  ) {}

  nextNode(): Node | null {
    for (let node = this.following(); node; node = this.afterInPreorder(node)) {
      if (this.shows(node)) return this.stand(node);
    }
    return null;
  }

  private following(): Node | null {
    const current = this.current;
    if (!current) return this.root;
    if (this.contains(current)) return this.afterInPreorder(current);
    // `current` was removed: continue after the node that preceded it.
    if (!this.before || !this.contains(this.before.node)) return null;
    const { node, isParent } = this.before;
    return isParent ? (node.firstChild ?? this.afterSubtree(node)) : this.afterSubtree(node);
  }

  private stand(node: Node): Node {
    this.current = node;
    this.before = node.previousSibling
      ? { node: node.previousSibling, isParent: false }
      : node.parentNode && node !== this.root
        ? { node: node.parentNode, isParent: true }
        : null;
    return node;
  }

  private shows(node: Node): boolean {
    return (this.whatToShow & (1 << (node.nodeType - 1))) !== 0;
  }

  private contains(node: Node): boolean {
    return node === this.root || this.root.contains(node);
  }

  private afterInPreorder(node: Node): Node | null {
    return node.firstChild ?? this.afterSubtree(node);
  }

  private afterSubtree(node: Node): Node | null {
    for (let at: Node | null = node; at && at !== this.root; at = at.parentNode) {
      if (at.nextSibling) return at.nextSibling;
    }
    return null;
  }

  previousNode(): Node | null {
    throw new Error('previousNode is not needed by the code under test');
  }

  detach(): void {}
}

if (navigator.userAgent.includes('HappyDOM')) {
  // Patched where the method lives on the page's own document (the test environment's global
  // `Document` is not necessarily that class).
  let owner = Object.getPrototypeOf(document) as object | null;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'createNodeIterator')) {
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  if (owner) {
    Object.defineProperty(owner, 'createNodeIterator', {
      configurable: true,
      writable: true,
      value(root: Node, whatToShow = 0xffffffff) {
        return new PlaceKeepingNodeIterator(root, whatToShow);
      },
    });
  }
}
