import StoryDomain

/// Tells every observer, in order, of each painted page: the pipeline has one observer, and
/// both the page fill-in and the approval desk wait on pictures.
struct PagePictureObservers: PagePictureObserver {
    let observers: [any PagePictureObserver]

    init(_ observers: [any PagePictureObserver]) {
        self.observers = observers
    }

    func story(_ id: StoryID, didPaintPage number: Int) async {
        for observer in observers { await observer.story(id, didPaintPage: number) }
    }
}
