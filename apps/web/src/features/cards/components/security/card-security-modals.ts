// The four modals of a card's controls, one chunk: loaded on the first click of any of them.
export { FreezeModal } from "./FreezeModal.tsx";
export { LabelModal } from "./LabelModal.tsx";
export { PinModal } from "./PinModal.tsx";
export { RevealModal } from "./RevealModal.tsx";
