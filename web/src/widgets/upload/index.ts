/** The upload widgets of spec 02 §2.11: files (chunked, uploadFz) and images (uploadImg). */
export { UploadFz, type UploadFzProps } from './UploadFz';
export { UploadImg, type UploadImgProps } from './UploadImg';
export { ChunkUploader, canDo, type ChunkAction, type ChunkRow, type ChunkStatus } from './chunkUpload';
