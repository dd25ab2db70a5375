/*
 * Corpus file written for sdtkit (same shape as HotSpot's hotspot_jni.d):
 * a provider name with an underscore, mixed-case probe names, pointer
 * types written without a blank, mostly unnamed arguments and many ().
 */

provider hotspot_jni {
  probe AllocObject__entry(void*, void*);
  probe AllocObject__return(void*);
  probe AttachCurrentThreadAsDaemon__entry(void*, void**, void*);
  probe AttachCurrentThreadAsDaemon__return(uint32_t);
  probe CallBooleanMethodA__entry(void*, void*, uintptr_t);
  probe CallBooleanMethodA__return(uintptr_t);
  probe CallCharMethod__entry(void*, void*, uintptr_t);
  probe CallCharMethod__return(uint16_t);
  probe CallDoubleMethodV__entry(void*, void*, uintptr_t);
  probe CallDoubleMethodV__return();
  probe CallVoidMethod__entry(void*, void*, uintptr_t);
  probe CallVoidMethod__return();
  probe DestroyJavaVM__entry(void*);
  probe DestroyJavaVM__return(uint32_t);
  probe ExceptionClear__entry(void*);
  probe ExceptionClear__return();
  probe FatalError__entry(void* env, const char*);
  probe GetArrayLength__entry(void*, void*);
  probe GetArrayLength__return(uint32_t);
  probe GetBooleanArrayElements__entry(void*, void*, uintptr_t*);
  probe GetBooleanArrayElements__return(uintptr_t*);
  probe GetDoubleArrayRegion__entry(void*, void*, uint32_t, uint32_t, double*);
  probe GetDoubleArrayRegion__return();
  probe GetEnv__entry(void*, void*, uint32_t);
  probe GetEnv__return(uint32_t);
  probe GetCharField__return(uint16_t);
  probe GetByteField__return(char);
  probe MonitorEnter__entry(void*, void*);
  probe MonitorEnter__return(uint32_t);
};
